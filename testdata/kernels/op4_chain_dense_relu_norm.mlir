// A dense layer as an unfused graph (MatMul, BiasAdd, Relu) followed by a per-row normalization (Mean, Sub,
// Square, Mean, AddV2 eps, Rsqrt, Mul) and the ArgMax of the pre-activations; inputs up to +-1e4.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xi64>) {
  %0 = "tf.MatMul"(%arg0, %arg1) {device = "", transpose_a = false, transpose_b = false} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.BiasAdd"(%0, %arg2) {data_format = "NHWC", device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Relu"(%1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %cst = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %3 = "tf.Mean"(%2, %cst) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %4 = "tf.Sub"(%2, %3) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %5 = "tf.Square"(%4) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %6 = "tf.Mean"(%5, %cst) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %cst_0 = "tf.Const"() {value = dense<1.000000e-03> : tensor<f32>} : () -> tensor<f32>
  %7 = "tf.AddV2"(%6, %cst_0) {device = ""} : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %8 = "tf.Rsqrt"(%7) {device = ""} : (tensor<?x1xf32>) -> tensor<?x1xf32>
  %9 = "tf.Mul"(%4, %8) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %cst_1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %10 = "tf.ArgMax"(%1, %cst_1) {device = ""} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xi64>
  func.return %9, %10 : tensor<?x?xf32>, tensor<?xi64>
}
