// Reshape to the shape of another argument, taken with tf.Shape (i32 and i64 out types), then used
// elementwise with it; including size-1 and zero-size shapes.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?x?xf32>, %arg2: tensor<?xi64>) -> (tensor<?x?x?xf32>, tensor<?x?x?xi64>) {
  %0 = "tf.Shape"(%arg1) {device = ""} : (tensor<?x?x?xf32>) -> tensor<3xi32>
  %1 = "tf.Reshape"(%arg0, %0) {device = ""} : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %2 = "tf.AddV2"(%1, %arg1) {device = ""} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %3 = "tf.Shape"(%arg1) {device = ""} : (tensor<?x?x?xf32>) -> tensor<3xi64>
  %4 = "tf.Reshape"(%arg2, %3) {device = ""} : (tensor<?xi64>, tensor<3xi64>) -> tensor<?x?x?xi64>
  func.return %2, %4 : tensor<?x?x?xf32>, tensor<?x?x?xi64>
}
