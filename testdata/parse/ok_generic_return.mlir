func.func @a(%x: tensor<f32>) -> tensor<f32> {
  "func.return"(%x) : (tensor<f32>) -> ()
}
func.func @b(%x: tensor<f32>, %y: tensor<i1>) -> (tensor<f32>, tensor<i1>) {
  "std.return"(%x, %y) : (tensor<f32>, tensor<i1>) -> ()
}
func.func @c(%x: tensor<f32>) -> tensor<f32> {
  std.return %x : tensor<f32>
}
