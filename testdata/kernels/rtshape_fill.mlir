// sandjit-test: rtol=0 atol=0
// Fill with dims of dynamic length (tensor<?xi64>): the result's rank is known at run time only (rank 0
// included); and Fill with fixed-length i32 dims read at run time.
func.func @test(%arg0: tensor<?xi64>, %arg1: tensor<f32>, %arg2: tensor<2xi32>, %arg3: tensor<i32>) -> (tensor<*xf32>, tensor<?x?xi32>) {
  %0 = "tf.Fill"(%arg0, %arg1) {device = ""} : (tensor<?xi64>, tensor<f32>) -> tensor<*xf32>
  %1 = "tf.Fill"(%arg2, %arg3) {device = ""} : (tensor<2xi32>, tensor<i32>) -> tensor<?x?xi32>
  func.return %0, %1 : tensor<*xf32>, tensor<?x?xi32>
}
