// sandjit-test: rtol=0 atol=0
// Float Range sizes computed in the element type, as TF's kernel (sequence_ops.cc: ceil(abs((limit - start) /
// delta)) in T) and its XLA lowering do: f32 Range(0, 0.3, 0.1) has 3 elements (float64 would give 4), f16
// Range(0, 0.5, 0.1) has 5 (float64: 6), f32 Range(0.3, 0, -0.1) counts down in 3; the static result types
// are TF's shape inference's.
func.func @test() -> (tensor<3xf32>, tensor<5xf16>, tensor<3xf32>) {
  %cst = "tf.Const"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %cst_0 = "tf.Const"() {value = dense<3.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %cst_1 = "tf.Const"() {value = dense<1.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Range"(%cst, %cst_0, %cst_1) {device = ""} : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<3xf32>
  %cst_2 = "tf.Const"() {value = dense<0.000000e+00> : tensor<f16>} : () -> tensor<f16>
  %cst_3 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f16>} : () -> tensor<f16>
  %cst_4 = "tf.Const"() {value = dense<1.000000e-01> : tensor<f16>} : () -> tensor<f16>
  %1 = "tf.Range"(%cst_2, %cst_3, %cst_4) {device = ""} : (tensor<f16>, tensor<f16>, tensor<f16>) -> tensor<5xf16>
  %cst_5 = "tf.Const"() {value = dense<-1.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %2 = "tf.Range"(%cst_0, %cst, %cst_5) {device = ""} : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<3xf32>
  func.return %0, %1, %2 : tensor<3xf32>, tensor<5xf16>, tensor<3xf32>
}
