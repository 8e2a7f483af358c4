// Splats stay one element whatever the type's size.
func.func @splats() -> (tensor<f32>, tensor<1000000xf32>, tensor<100000x1000000xf32>, tensor<3xi1>, tensor<2x2xi32>, tensor<0xf32>) {
  %0 = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.Const"() {value = dense<0.000000e+00> : tensor<1000000xf32>} : () -> tensor<1000000xf32>
  %2 = "tf.Const"() {value = dense<-1.5> : tensor<100000x1000000xf32>} : () -> tensor<100000x1000000xf32>
  %3 = "tf.Const"() {value = dense<true> : tensor<3xi1>} : () -> tensor<3xi1>
  %4 = "tf.Const"() {value = dense<-7> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %5 = "tf.Const"() {value = dense<0.0> : tensor<0xf32>} : () -> tensor<0xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<f32>, tensor<1000000xf32>, tensor<100000x1000000xf32>, tensor<3xi1>, tensor<2x2xi32>, tensor<0xf32>
}
