// sandjit-test: rtol=0 atol=0
// Pad with zeros (i32 and i64 paddings, f32 and i32 data, zero-size inputs grow to padding only) and PadV2
// with a constant value from an argument (NaN, -Inf, ...) and a constant i1 true.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?x?xi32>, %arg2: tensor<f32>, %arg3: tensor<?xi1>) -> (tensor<?x?xf32>, tensor<?x?x?xi32>, tensor<?x?xf32>, tensor<?xi1>) {
  %cst = "tf.Const"() {value = dense<[[1, 2], [0, 3]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.Pad"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<[[0, 0], [2, 2], [1, 0]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %1 = "tf.Pad"(%arg1, %cst_0) {device = ""} : (tensor<?x?x?xi32>, tensor<3x2xi64>) -> tensor<?x?x?xi32>
  %2 = "tf.PadV2"(%arg0, %cst, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<?x?xf32>
  %cst_1 = "tf.Const"() {value = dense<[[3, 1]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %cst_2 = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %3 = "tf.PadV2"(%arg3, %cst_1, %cst_2) {device = ""} : (tensor<?xi1>, tensor<1x2xi32>, tensor<i1>) -> tensor<?xi1>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?x?xi32>, tensor<?x?xf32>, tensor<?xi1>
}
