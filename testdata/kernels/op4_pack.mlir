// sandjit-test: rtol=0 atol=0
// Pack (tf.stack) of 3 inputs on axis 0, 2 inputs on axis -1, one input on axis 1, rank-0 i32 inputs
// into a vector, and i64 vectors on axis 1.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<?xi64>, %arg7: tensor<?xi64>) -> (tensor<3x?x?xf32>, tensor<?x?x2xf32>, tensor<?x1x?xf32>, tensor<3xi32>, tensor<?x2xi64>) {
  %0 = "tf.Pack"(%arg0, %arg1, %arg2) {axis = 0 : i64, device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<3x?x?xf32>
  %1 = "tf.Pack"(%arg0, %arg1) {axis = -1 : i64, device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x2xf32>
  %2 = "tf.Pack"(%arg2) {axis = 1 : i64, device = ""} : (tensor<?x?xf32>) -> tensor<?x1x?xf32>
  %3 = "tf.Pack"(%arg3, %arg4, %arg5) {axis = 0 : i64, device = ""} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %4 = "tf.Pack"(%arg6, %arg7) {axis = 1 : i64, device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?x2xi64>
  func.return %0, %1, %2, %3, %4 : tensor<3x?x?xf32>, tensor<?x?x2xf32>, tensor<?x1x?xf32>, tensor<3xi32>, tensor<?x2xi64>
}
