// Split with num_split = 1 (a single result, printed without :1) and SplitV over a dynamic axis with -1.
func.func @test(%V__0: tensor<?x?xf32> { python_test_attrs.static_type = tensor<3x9xf32> }) -> (tensor<?x?xf32>, tensor<?x2xf32>, tensor<?x?xf32>) {
  %ax = "tf.Const"() {device = "", value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %sizes = "tf.Const"() {device = "", value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Split"(%ax, %V__0) {T = f32, device = "", num_split = 1 : i64} : (tensor<i32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1:2 = "tf.SplitV"(%0, %sizes, %ax) {T = f32, Tlen = i32, device = "", num_split = 2 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<?x2xf32>, tensor<?x?xf32>)
  func.return %0, %1#0, %1#1 : tensor<?x?xf32>, tensor<?x2xf32>, tensor<?x?xf32>
}
