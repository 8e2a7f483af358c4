// sandjit-test: rtol=1e-5 atol=1e-6
// Prod over a rank-0 (scalar) axis constant with keep_dims; Mean over both axes to rank 0; empty inputs.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<6x9xf32>}) -> (tensor<?x1xf32>, tensor<f32>) {
  %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Prod"(%V__0, %cst) {keep_dims = true, device = ""} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x1xf32>
  %cst_0 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Mean"(%V__0, %cst_0) {keep_dims = false, device = ""} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<f32>
  func.return %0, %1 : tensor<?x1xf32>, tensor<f32>
}
